import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, sandboxWarning } from './platform/config';

// Launches the product: configuration, listen, graceful shutdown. Everything else is in app.ts.
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The bundle lives in <out>/api/server.mjs and the web app beside it in <out>/web.
  const app = await buildApp({ config, startMessageWorker: true, webDir: fileURLToPath(new URL('../web', import.meta.url)) });
  if (app.bootstrap.created && app.bootstrap.generatedPassword) {
    // Printed once, on the console only (never in the structured logs).
    console.log(
      `\nCompte administrateur créé.\n  Téléphone : ${app.bootstrap.telephone}\n  Mot de passe : ${app.bootstrap.generatedPassword}\nNotez-le maintenant : il ne sera plus affiché.\n`,
    );
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; idle connections close; the database closes in onClose.
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    // A keep-alive connection that was busy when the signal came turns idle once its response is sent; Node only
    // closes idle connections at close() time, so sweep them until the server is down instead of waiting for
    // the keep-alive timeout (72 s) and being killed by the timer above.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: '0.0.0.0' });
  const warning = sandboxWarning(config);
  if (warning) {
    app.log.warn('PAYMENT_PROVIDER=sandbox: payments are SIMULATED, no money is collected');
    console.warn(warning);
  }
}

main().catch((error) => {
  console.error(`Démarrage impossible : ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
