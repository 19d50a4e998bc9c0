// The places area: Benin's reference list of zones (GET /api/zones) and the check that a zone is in it.
export { default as zoneRoutes } from './routes';
export { resolveZone, type ZoneColumns, zoneColumns, ZONES } from './reference';
