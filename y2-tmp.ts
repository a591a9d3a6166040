import { expandRule } from './src/schedule/expand.ts';
import { parseRecurrenceRule } from './src/schedule/rrule/parse.ts';
import { formatDateTime } from './src/shared/rfc3339.ts';
const r = parseRecurrenceRule('FREQ=MINUTELY'); if (!r.ok) throw 0;
const time = (label: string, f: () => unknown) => { for (let i=0;i<20;i++) f(); const t=performance.now(); for (let i=0;i<50;i++) f(); console.log(label, ((performance.now()-t)/50).toFixed(3), 'ms'); };
time('rule only', () => expandRule(r.value, new Date('2000-01-01T00:00:00Z'), { from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z' }));
const ds = expandRule(r.value, new Date('2000-01-01T00:00:00Z'), { from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z' });
time('format', () => ds.map(formatDateTime));
