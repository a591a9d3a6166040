import { spawnSync } from 'node:child_process';
import { generateCases } from './test/schedule/dateutil/generate.ts';
import { expandRule } from './src/schedule/expand.ts';
import { parseRecurrenceRule } from './src/schedule/rrule/parse.ts';
import { formatDateTime } from './src/shared/rfc3339.ts';
const cases = generateCases(4, 600);
const valid = cases.filter(c => { const r = parseRecurrenceRule(c.rule); if (!r.ok) console.log('INVALID', c.rule, r.error); return r.ok; });
let t = Date.now();
const r = spawnSync('python3', ['test/schedule/dateutil/oracle.py'], { input: JSON.stringify(valid), encoding: 'utf8', maxBuffer: 1e8 });
console.log('python ms', Date.now() - t, r.stderr.slice(0, 500));
const oracle = JSON.parse(r.stdout);
t = Date.now(); let bad = 0, to = 0;
for (const c of valid) {
  const rule = parseRecurrenceRule(c.rule); if (!rule.ok) continue;
  const ours = expandRule(rule.value, new Date(c.dtstart), { limit: c.n }).map(formatDateTime);
  const exp = oracle[c.id];
  if (typeof exp === "string") { to++; if (exp !== "EMPTY") console.log("ORACLE", exp, c.rule, ours.length); else if (ours.length > 1) console.log("EMPTYBAD", c.rule); continue; }
  if (JSON.stringify(ours) !== JSON.stringify(exp)) { bad++; if (bad < 12) console.log('DIFF', c.rule, c.dtstart, '\n ours', ours.slice(0,6).join(' '), '\n  du ', exp.slice(0,6).join(' ')); }
}
console.log('ours ms', Date.now() - t, 'bad', bad, 'timeouts', to, 'of', valid.length);
