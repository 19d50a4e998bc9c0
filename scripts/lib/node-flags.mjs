// The Node flags the server runs with, wherever it is started from (README start command, npm start, benchmarks,
// reliability suite). A 2 MiB young generation (V8's default grows it to 16 MiB per semi-space under load and keeps
// it) holds the idle RSS after a load run at ~116 MiB instead of ~154 MiB, with no measurable loss of throughput
// here (autocannon, 50 connections: GET /api/testimonials and POST /api/contact within the run-to-run noise).
// V8 reads it only at process start: it cannot be set from inside scripts/start.mjs.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--enable-source-maps'];
