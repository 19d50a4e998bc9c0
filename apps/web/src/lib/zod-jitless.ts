import { config } from 'zod/v4/core';

// zod 4 probes `new Function` when an object schema is created, to compile fast parsers. The site's CSP forbids eval:
// the probe fails quietly, but Chromium reports it as a Content-Security-Policy violation (Lighthouse best practices
// 96 on every page with a form). Imported first by main.tsx, before any schema module runs.
config({ jitless: true });
