import { expandRule } from './src/schedule/expand.ts';
import { parseRecurrenceRule } from './src/schedule/rrule/parse.ts';
const r = parseRecurrenceRule('FREQ=MINUTELY'); if (!r.ok) throw 0;
const t=performance.now(); let n=0;
for (let i=0;i<300;i++) n+=expandRule(r.value, new Date('2000-01-01T00:00:00Z'), { from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z' }).length;
console.log((performance.now()-t)/300, n);
