import { GET_SCHEDULE, type PathParams } from '../operations/index.js';
import type { Schedule } from '../schemas/index.js';
import { call, type ReadOptions } from './call.js';
import type { ClientResult } from './result.js';
import type { Transport } from './transport.js';

/** The result of `getSchedule`: 200 with the schedule, or 401, 403, 404, 429, 500, 504 (spec 4.1). */
export type GetScheduleResult = ClientResult<typeof GET_SCHEDULE, Schedule>;

/**
 * GET /accounts/{accountID}/schedules/{scheduleID} (spec 4.1).
 *
 * @example
 * const result = await getSchedule(api, { accountID, scheduleID });
 * if (result.ok) console.log(result.data.occurrences);
 */
export function getSchedule(transport: Transport, params: PathParams<typeof GET_SCHEDULE>, options?: ReadOptions): Promise<GetScheduleResult> {
  return call(transport, GET_SCHEDULE, params, options, undefined, {}) as Promise<GetScheduleResult>;
}
