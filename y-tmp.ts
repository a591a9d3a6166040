import { expandRecurrence } from './src/schedule/expand.ts';
const rt = {};
const time = (label: string, f: () => unknown) => { for (let i=0;i<20;i++) f(); const t=performance.now(); for (let i=0;i<50;i++) f(); console.log(label, ((performance.now()-t)/50).toFixed(3), 'ms'); };
time('daily50y next12', () => expandRecurrence({ recurrenceRule: 'FREQ=DAILY', start: '1976-01-01T09:00:00Z', runTransfer: rt }, { from: '2026-11-21T00:00:00Z', limit: 12 }));
time('minutely day', () => expandRecurrence({ recurrenceRule: 'FREQ=MINUTELY', start: '2000-01-01T00:00:00Z', runTransfer: rt }, { from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z' }));
time('daily chicago 30', () => expandRecurrence({ recurrenceRule: 'FREQ=DAILY', start: '2026-03-01T15:00:00Z', runTransfer: rt }, { limit: 30, timeZone: 'America/Chicago' }));
time('minutely day chicago', () => expandRecurrence({ recurrenceRule: 'FREQ=MINUTELY', start: '2000-01-01T00:00:00Z', runTransfer: rt }, { from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z', timeZone: 'America/Chicago' }));
time('gap-only', () => expandRecurrence({ recurrenceRule: 'FREQ=YEARLY;BYMONTH=3;BYDAY=2SU;BYHOUR=2;BYMINUTE=30', start: '2026-01-01T09:00:00Z', runTransfer: rt }, { limit: 3, timeZone: 'America/New_York' }));
