import { safeParse, type GenericSchema } from 'valibot';

/** Checks a success body: `undefined` when it conforms, else what is wrong. */
export type AnswerCheck = (data: unknown) => string | undefined;

/** Answer checks by operation id (see `createTransport`'s `answerChecks`). */
export type AnswerChecks = { readonly [operationId: string]: AnswerCheck | undefined };

/**
 * An answer check from a resource schema: the first issue, with the path to it.
 *
 * @example
 * answerCheck(AdjustmentSchema)({ adjustmentID: 'x' }) // 'walletID: Invalid key: ...'
 */
export function answerCheck(schema: GenericSchema): AnswerCheck {
  return (data) => {
    const result = safeParse(schema, data);
    if (result.success) return undefined;
    const issue = result.issues[0];
    const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  };
}
