import * as v from 'valibot';
import { checkResourceId } from '../ids/index.js';
import { STRING_MESSAGE } from './messages.js';

/** JSON Schema pattern for a Resource ID: a UUID, or 26 base32 characters (spare bits zero), "_", a suffix. */
export const RESOURCE_ID_PATTERN =
  '^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[a-z2-7]{25}[aeimquy4]_[a-z0-9]{1,9})$';

/**
 * A Resource ID field (spec 2 conventions): a UUID or a typed ID, at most 36 characters,
 * checked by `checkResourceId` of payments-kit/ids, whose message is reported unchanged.
 * Its JSON Schema keywords are in `json-schema.ts` (`leafKeywords`), not carried as metadata.
 */
export const ResourceIdSchema = v.pipe(
  v.string(STRING_MESSAGE),
  v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const message = checkResourceId(dataset.value);
    if (message !== undefined) addIssue({ message });
  }),
);
