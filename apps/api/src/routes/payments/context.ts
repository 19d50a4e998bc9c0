import type { FastifyInstance } from 'fastify';
import type { MoneyService } from '../../services/payments/money-service';

// The payments area's service, reachable from tests and scripts through the app (routes are encapsulated).
const services = new WeakMap<object, MoneyService>();

export function setPaymentsService(app: FastifyInstance, service: MoneyService): void {
  services.set(app.server, service);
}

export function getPaymentsService(app: FastifyInstance): MoneyService {
  const service = services.get(app.server);
  if (!service) throw new Error('payments routes are not registered');
  return service;
}
