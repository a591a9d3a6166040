/** Smallest int32. */
export const INT32_MIN = -2_147_483_648;
/** Largest int32. */
export const INT32_MAX = 2_147_483_647;
