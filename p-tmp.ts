import { generateCases } from './test/schedule/dateutil/generate.ts';
process.stdout.write(JSON.stringify(generateCases(1, 600)));
