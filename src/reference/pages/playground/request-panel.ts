import { h } from './dom.js';
import { type FieldError, fieldErrors } from './field-errors.js';
import { jsonLines, samePath } from './json-lines.js';
import { PLAYGROUND_OPERATIONS, STATUS_TEXT, type Verdict, parseRequestBody, verdictOf } from './operations.js';

/** The request body with the lines of failing fields marked (each marked line says why). */
function markedBody(request: unknown, errors: readonly FieldError[]): HTMLElement {
  const code = h('code');
  for (const line of jsonLines(request)) {
    const failing = errors.filter((e) => e.path !== undefined && !line.closes && samePath(e.path, line.path));
    if (failing.length === 0) code.append(`${line.text}\n`);
    else code.append(h('mark', { class: 'failing', 'data-field': failing[0]?.label, title: failing.map((e) => e.message).join('; ') }, line.text), '\n');
  }
  return h('pre', { class: 'json', 'aria-label': 'Request body, failing fields marked' }, code);
}

/** The answer for `verdict`: the status line, the failing fields, the marked request and the exact error body. */
function answerView(request: unknown, verdict: Verdict, operationId: string): HTMLElement[] {
  if (verdict.ok) return [h('p', { class: 'verdict ok', role: 'status' }, 'Valid: the API accepts this body (answers that depend on stored data, such as 404 or 409, are not checked).')];
  const operation = PLAYGROUND_OPERATIONS[operationId];
  const shape = verdict.status === 422 && operation !== undefined ? operation.shape422 : { perField: false as const, fields: operation?.fields ?? [] };
  const errors = fieldErrors(verdict.body, request, shape);
  const status = `${verdict.status} ${STATUS_TEXT[verdict.status] ?? ''}`.trim();
  return [
    h('p', { class: 'verdict refused', role: 'status' }, `The API answers ${status}`),
    ...(errors.length === 0
      ? []
      : [h('ul', { class: 'field-errors' }, ...errors.map((e) => h('li', { 'data-field': e.label }, h('code', {}, e.label), `: ${e.message}`)))]),
    ...(request === undefined ? [] : [markedBody(request, errors)]),
    h('h3', {}, 'Error body'),
    h('pre', { class: 'json error-body' }, h('code', {}, JSON.stringify(verdict.body, null, 2))),
  ];
}

/**
 * Shows what the API answers for the pasted body of the chosen operation, on every edit:
 * parsed as the handler parses it, then checked by the operation's validator.
 *
 * @example
 * await showRequestVerdict('{"text":1}', 'uploadEvidenceText', resultElement)
 */
export async function showRequestVerdict(text: string, operationId: string, target: HTMLElement): Promise<void> {
  const operation = PLAYGROUND_OPERATIONS[operationId];
  if (operation === undefined) return;
  const parsed = await parseRequestBody(text);
  if (!parsed.ok) {
    target.replaceChildren(...answerView(undefined, { ok: false, status: 400, body: { error: parsed.error } }, operationId));
    return;
  }
  target.replaceChildren(...answerView(parsed.value, verdictOf(operation, parsed.value), operationId));
}
