import type { Redis } from 'ioredis';
import type { Count, CounterStore } from './counter-store';

// Lua runs atomically in Redis: the INCR and the window's start cannot be split by another process's request.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const READ = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {count, ttl}`;

type CounterCommands = {
  counterIncrement(key: string, ttlMs: number): Promise<[number, number]>;
  counterDecrement(key: string): Promise<number>;
  counterRead(key: string): Promise<[number, number]>;
};

/** Counters in Redis, shared by every process; keys live under `prefix`. */
export class RedisCounterStore implements CounterStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis & CounterCommands;

  constructor(
    redis: Redis,
    private readonly prefix = 'asbe:',
  ) {
    const commands = redis as Redis & Partial<CounterCommands>;
    if (!commands.counterIncrement) {
      redis.defineCommand('counterIncrement', { numberOfKeys: 1, lua: INCREMENT });
      redis.defineCommand('counterDecrement', { numberOfKeys: 1, lua: DECREMENT });
      redis.defineCommand('counterRead', { numberOfKeys: 1, lua: READ });
    }
    this.redis = redis as Redis & CounterCommands;
  }

  async increment(key: string, ttlMs: number): Promise<Count> {
    const [count, ttl] = await this.redis.counterIncrement(this.prefix + key, Math.max(1, Math.round(ttlMs)));
    return { count: Number(count), ttlMs: Number(ttl) };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.counterDecrement(this.prefix + key);
  }

  async read(key: string): Promise<Count> {
    const [count, ttl] = await this.redis.counterRead(this.prefix + key);
    return { count: Number(count), ttlMs: Number(ttl) };
  }

  async expireIn(key: string, ttlMs: number): Promise<void> {
    await this.redis.pexpire(this.prefix + key, Math.max(1, Math.round(ttlMs)));
  }
}
