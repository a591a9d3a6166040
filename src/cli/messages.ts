/** The command line's messages, as data. */
export const CLI_MESSAGES = Object.freeze({
  seeHelp: (command?: string) => `run "payments-kit ${command === undefined ? '' : `${command} `}--help" for usage`,
  unknownCommand: (name: string) => `unknown command "${name}" (commands: validate, schedule, serve, outbox, conformance)`,
  validateArguments: 'needs an operation and a file ("-" reads standard input)',
  unexpectedArgument: (arg: string) => `unexpected argument "${arg}"`,
  unknownOperation: (name: string, known: readonly string[]) =>
    `unknown operation "${name}" (operations with a request body: ${known.join(', ')})`,
  cannotRead: (file: string, error: unknown) =>
    `cannot read ${file === '-' ? 'standard input' : `"${file}"`}: ${error instanceof Error ? error.message : String(error)}`,
  scheduleArguments: 'needs one RRULE, e.g. payments-kit schedule "FREQ=MONTHLY;BYMONTHDAY=-1" --start 2026-01-31T09:00:00Z',
  startRequired: '--start is required (an RFC 3339 date-time, e.g. 2026-01-31T09:00:00-05:00)',
  countAndUntil: 'give --count or --until, not both',
  jsonAndCalendar: 'give --json or --calendar, not both',
  badBusinessDay: (value: string, known: readonly string[]) => `--business-day must be one of ${known.join(', ')}, got "${value}"`,
  calendarTruncated: (months: number) => `(the runs go on beyond these ${months} months; narrow the window with --count or --until)`,
  badCount: (value: string, max: number) => `--count must be an integer from 1 to ${max}, got "${value}"`,
  badDateTime: (option: string, message: string) => `${option} ${message}`,
  badTimeZone: (zone: string) => `--tz must be an IANA time zone such as America/New_York, got "${zone}"`,
  badRule: (message: string) => `the RRULE is invalid: ${message}`,
  badPort: (value: string) => `the port must be an integer from 0 to 65535, got "${value}"`,
  emptyDataDir: '--data needs a directory',
  dataAndDatabaseUrl: 'give either --data <dir> (PGlite) or DATABASE_URL (a PostgreSQL server), not both',
  missingPeer: (peer: string, neededBy: string) =>
    `${neededBy} needs the optional peer dependency ${peer}, which is not installed: run "npm install ${peer}" in your project`,
  webhookPair: 'give --webhook-url and a webhook secret together (PAYMENTS_KIT_WEBHOOK_SECRET, --webhook-secret-file <path> or --webhook-secret)',
  secretTwice: 'give --webhook-secret-file or --webhook-secret, not both',
  secretOnCommandLine:
    'payments-kit serve: warning: --webhook-secret is visible to other users of this machine in the process list; use PAYMENTS_KIT_WEBHOOK_SECRET or --webhook-secret-file <path> instead',
  emptySecretFile: '--webhook-secret-file needs a file that holds the secret (whsec_...)',
  secretFileTooLarge: (path: string) => `the webhook secret file ${JSON.stringify(path)} is larger than 4096 bytes: it holds no secret`,
  cannotReadSecret: (path: string, error: unknown) =>
    `cannot read the webhook secret file ${path === '-' ? 'from standard input' : JSON.stringify(path)}: ${error instanceof Error ? error.message : String(error)}`,
  badAllowedHost: (message: string) => `--allowed-host: ${message}`,
  badScheduleTimeZone: (zone: string) => `--schedule-time-zone: "${zone.slice(0, 80)}" is not an IANA time zone name (e.g. America/New_York)`,
  unknownOutboxCommand: (name: string) => `unknown outbox command "${name}" (stats, dead, redrive)`,
  redriveFilter: 'redrive needs exactly one of --id <effect ID>, --type <effect type> or --all',
  badLimit: (value: string, max: number) => `--limit must be an integer from 1 to ${max}, got "${value}"`,
  outboxNeedsStore: 'needs --data <dir> (PGlite) or DATABASE_URL (a PostgreSQL server): the memory store has no outbox to inspect',
  outboxFailed: (error: unknown) => `could not read the outbox: ${error instanceof Error ? error.message : String(error)}`,
  conformanceRequired: '--base-url, --token and --fixtures are required',
  badBaseUrl: (value: string) => `--base-url must be an http: or https: URL, got "${value}"`,
  badProfile: (value: string) => `--profile must be spec or payments-kit, got "${value}"`,
  badReport: (value: string) => `--report must be text, json or junit, got "${value}"`,
  badSeed: (value: string) => `--seed must be an integer from 0 to 2147483647, got "${value}"`,
  badRuns: (value: string) => `--runs must be an integer from 1 to 100000, got "${value}"`,
  badFixtures: (file: string, message: string) => `the fixtures in ${JSON.stringify(file)} are invalid: ${message}`,
  cannotWriteFixtures: (file: string, error: unknown) => `cannot write the fixtures to ${JSON.stringify(file)}: ${error instanceof Error ? error.message : String(error)}`,
  fixturesWritten: (file: string, url: string) => `Conformance fixtures written to ${file}; check this server with: payments-kit conformance --base-url ${url} --token demo-all-scopes --fixtures ${file}`,
  cannotStart: (error: unknown) => `could not start the reference server: ${error instanceof Error ? error.message : String(error)}`,
});

export const MAIN_HELP = `payments-kit: the Payments Platform API's rules from the command line

Usage:
  payments-kit validate <operation> <file|->   check a request body; prints the API's answer
  payments-kit schedule "<RRULE>" --start <date-time> [--tz <zone>] [--count <n> | --until <date-time>]
                       [--business-day <convention>] [--json | --calendar]
  payments-kit serve [--port <n>] [--data <dir>] [--allowed-host <name>]... [--webhook-url <url>]
                                               run the reference server with demo data
  payments-kit outbox stats | dead | redrive   inspect and steer the effect outbox (--data or DATABASE_URL)
  payments-kit conformance --base-url <url> --token <token> --fixtures <file> [--profile spec|payments-kit]
                       [--seed <n>] [--runs <n>] [--report text|json|junit]
                                               check a running server of the API against the spec's rules
  payments-kit <command> --help                help on one command

Exit codes: 0 done, 1 invalid input (validate), the server failed, the outbox could not be read or a\nconformance rule failed, 2 bad usage.`;

export const VALIDATE_HELP = `Usage: payments-kit validate <operation> <file|->

Checks a request body the way the API does before it looks at stored data, and prints
the answer: "valid" (exit 0), or the status and the error body the API sends (exit 1).
"-" reads the body from standard input.

Operations: updateInvoice (PATCH invoice, 400/422), uploadEvidenceText (400),
createWalletSession (400/422).

Example:
  echo '{"status":"paid"}' | payments-kit validate updateInvoice -`;

export const SCHEDULE_HELP = `Usage: payments-kit schedule "<RRULE>" --start <date-time> [options]

Prints the occurrences of an RFC 5545 recurrence rule starting at --start.

Options:
  --start <date-time>   first occurrence, RFC 3339 (e.g. 2026-01-31T09:00:00-05:00); required
  --tz <zone>           IANA time zone whose wall clock the rule follows (default UTC)
  --count <n>           how many occurrences to print (default 10)
  --until <date-time>   print every occurrence up to and including this instant
  --business-day <c>    move runs off weekends and Federal Reserve holidays: following,
                        preceding or modified-following (default none)
  --json                one JSON array of RFC 3339 UTC strings, for scripts
  --calendar            month calendars: runs highlighted (*), runs moved away (>), holidays
                        (H) and weekends (.) marked; ANSI colors on a terminal, plain text otherwise

Examples:
  payments-kit schedule "FREQ=MONTHLY;BYMONTHDAY=-1" --start 2026-01-31T09:00:00-05:00 --tz America/New_York --count 3
  payments-kit schedule "FREQ=MONTHLY;BYMONTHDAY=-1" --start 2026-01-31T09:00:00-05:00 --tz America/New_York --count 3 --business-day preceding --calendar`;

export const SERVE_HELP = `Usage: payments-kit serve [--port <n>] [--data <dir>] [--allowed-host <name>]...
                          [--schedule-time-zone <zone>] [--webhook-url <url> [--webhook-secret-file <path>]]
                          [--write-fixtures <file>]

Runs the reference server (the handler over node:http with demo data and demo tokens) on
127.0.0.1, the same server as "npm start" in the repository. Ctrl-C or SIGTERM stops it.
It answers only for its own host names: 127.0.0.1, localhost and each --allowed-host; a
request with any other Host (a web page rebound to 127.0.0.1 by DNS) is answered 421.

Options:
  --port <n>     the port; else the PORT environment variable, else 3000; 0 picks a free one
  --data <dir>   keep the data in PGlite (embedded PostgreSQL) in <dir>, across restarts;
                 needs the optional peer dependency @electric-sql/pglite
  --allowed-host <name>
                 also answer for this host name (no port), e.g. a name in /etc/hosts; repeatable
  --schedule-time-zone <zone>
                 the IANA time zone whose wall clock schedules' occurrences follow (e.g.
                 America/New_York: 09:00 stays 09:00 across daylight-saving changes); default UTC
  --webhook-url <url>
                 also post every effect (e.g. invoice.finalized) to <url> as a signed
                 Standard Webhooks message (webhook-id = the effect ID); retried until 2xx.
                 The secret (whsec_...) comes from PAYMENTS_KIT_WEBHOOK_SECRET, or from
  --webhook-secret-file <path>
                 the file at <path> ("-": standard input), or from
  --webhook-secret <whsec_...>
                 the command line: works, but other users of the machine can read it in the
                 process list (a warning says so)
  --write-fixtures <file>
                 write the conformance fixtures of the demo data to <file> (JSON), for
                 "payments-kit conformance --fixtures <file>"

Environment:
  DATABASE_URL            keep the data on this PostgreSQL server instead (not with --data);
                          needs the optional peer dependency pg
  PAYMENTS_KIT_PG_SCHEMA  the schema for --data or DATABASE_URL (default payments_kit)
  PAYMENTS_KIT_WEBHOOK_SECRET
                          the webhook secret for --webhook-url (a flag overrides it)

Without --data or DATABASE_URL the data is in memory and lost on exit. The demo data is
inserted where it is absent; what requests changed is kept.`;

export const OUTBOX_HELP = `Usage: payments-kit outbox <stats | dead | redrive> [options]

Inspects and steers the transactional outbox of a PostgreSQL store: the schema must exist at
this version (run the server, or migratePostgres, first); nothing is created or seeded.

Commands:
  stats                     pending, in flight, dead, oldest pending age, delivered in the last hour
  dead [--limit <n>] [--after <effect ID>]
                            dead effects with their last error, oldest first (default 20, at most 1000;
                            --after continues from the last ID of a page)
  redrive --id <effect ID> | --type <effect type> | --all
                            makes dead effects claimable again, with a fresh attempt count

Options:
  --json         one JSON value instead of lines, for scripts
  --data <dir>   the PGlite data directory (as "serve --data"); needs @electric-sql/pglite

Environment:
  DATABASE_URL            the PostgreSQL server (not with --data); needs pg
  PAYMENTS_KIT_PG_SCHEMA  the schema (default payments_kit)

Exit codes: 0 done, 1 the store could not be opened or read, 2 bad usage.

Example:
  DATABASE_URL=postgres://127.0.0.1/app payments-kit outbox dead --limit 5 --json`;

export const CONFORMANCE_HELP = `Usage: payments-kit conformance --base-url <url> --token <token> --fixtures <file> [options]

Checks a running server of the Payments Platform API against the spec's rules (x-request-id,
listed statuses, error bodies, the invoice status table, request bodies judged by the library's
validators, totals, schedule expansion, schemas, versions, authentication), with its own HTTP
requests and seeded random bodies. Invoices named in the fixtures are moved through the status
table: a full run consumes two draft invoices and one overdue invoice. See docs/conformance.md.

Options:
  --base-url <url>      the server, e.g. http://127.0.0.1:3000
  --token <token>       a token with every scope of the fixtures' account
  --fixtures <file>     the JSON fixtures ("payments-kit serve --write-fixtures <file>" writes the
                        reference server's)
  --profile <p>         spec (default), or payments-kit: also payments-kit's recorded decisions
                        (Idempotency-Key, RateLimit headers, x-outcome, error texts)
  --seed <n>            the random seed (a failure's report names it; the same seed sends the
                        same bodies)
  --runs <n>            cases per random-body property (default 100)
  --report <format>     text (default), json or junit, on standard output

Needs the fast-check package (npm install --save-dev fast-check).
Exit codes: 0 every rule run passed, 1 a rule failed, 2 bad usage.

Example:
  payments-kit serve --write-fixtures fixtures.json &
  payments-kit conformance --base-url http://127.0.0.1:3000 --token demo-all-scopes --fixtures fixtures.json`;
