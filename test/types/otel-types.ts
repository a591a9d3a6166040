// Compile-time check (tsc type-checks test/): the real @opentelemetry/api objects a host passes
// are assignable to the package's own structural types (src/http/telemetry/otel-types.ts), so
// dropping @opentelemetry/api from the shipped declarations costs the user nothing.
import type * as otel from '@opentelemetry/api';
import type { OpenTelemetryApi } from '../../src/http/telemetry/api.js';
import type { OtelContext, OtelMeter, OtelSpan, OtelTracer } from '../../src/http/telemetry/otel-types.js';
import type { Expect } from './equal.js';

type Assignable<From, To> = [From] extends [To] ? true : false;

export type RealTypesFit = [
  Expect<Assignable<otel.Tracer, OtelTracer>>,
  Expect<Assignable<otel.Meter, OtelMeter>>,
  Expect<Assignable<otel.Span, OtelSpan>>,
  Expect<Assignable<otel.Context, OtelContext>>,
  Expect<Assignable<typeof otel, OpenTelemetryApi>>,
];
