/** Checks a success body: `undefined` when it conforms, else what is wrong. */
export type AnswerCheck = (data: unknown) => string | undefined;

/** Answer checks by operation id (see `createTransport`'s `answerChecks`). */
export type AnswerChecks = { readonly [operationId: string]: AnswerCheck | undefined };

type Issue = { readonly message: string; readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined };

/**
 * A Standard Schema (https://standardschema.dev), as every schema of `payments-kit/schemas` is:
 * only its synchronous `validate` is used.
 */
export type StandardSchema = {
  readonly '~standard': { readonly validate: (value: unknown) => { readonly issues?: readonly Issue[] | undefined } | PromiseLike<unknown> };
};

/**
 * An answer check from a resource schema (any synchronous Standard Schema): the first issue,
 * with the path to it.
 *
 * @example
 * answerCheck(AdjustmentSchema)({ adjustmentID: 'x' }) // 'walletID: Invalid key: ...'
 */
export function answerCheck(schema: StandardSchema): AnswerCheck {
  return (data) => {
    const result = schema['~standard'].validate(data);
    if ('then' in result) return 'the answer check is asynchronous';
    const issue = result.issues?.[0];
    if (issue === undefined) return undefined;
    const path = (issue.path ?? []).map((item) => String(typeof item === 'object' ? item.key : item)).join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  };
}
