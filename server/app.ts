/**
 * buildApp(deps) assembles the HTTP server (API, files, PWA) from its dependencies; main.ts
 * and the tests both use it. startServer() adds the database, the job queue and realtime.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import pino, { type Logger } from 'pino';
import type { AppConfig } from './config';
import { openDatabase, type Db } from './db/db';
import { migrate } from './db/migrate';
import { DomainEvents } from './domain/events';
import { authDomain } from './domain/auth';
import { installErrorHandler } from './http/error-handler';
import { registerAuthRoutes } from './http/routes/auth';
import { registerFileRoutes } from './http/routes/files';
import { JobQueue } from './jobs/queue';
import { mailJob } from './mail/send';
import { pruneRateLimits } from './domain/rate-limit';
import { attachRealtime, type RealtimeServer } from './channels';

/** Request bodies (JSON) above this are refused; uploads have their own per-file limits. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** The largest multipart file any endpoint accepts (kiosk captures are sent as JSON base64). */
export const MULTIPART_FILE_LIMIT_BYTES = 15 * 1024 * 1024;

export interface AppDeps {
  config: AppConfig;
  db: Db;
  log: Logger;
  events: DomainEvents;
  queue: JobQueue;
  domains: Domains;
  /** Set once the HTTP server exists (before it listens); null only while booting. */
  realtime: RealtimeServer | null;
}

export function createDomains(base: { config: AppConfig; db: Db; log: Logger; queue: JobQueue }) {
  return {
    auth: authDomain({ db: base.db, queue: base.queue, log: base.log, logCodes: !base.config.smtpUrl && base.config.env !== 'production' }),
  };
}
export type Domains = ReturnType<typeof createDomains>;

const CLIENT_DIR = path.resolve('dist');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Long-poll requests hold connections open; shutting down must not wait for them.
    forceCloseConnections: true,
    // The phoenix long-poll client gives up for good on a 503 without its JSON status; while
    // closing, let realtime answer its own requests (it closes them with a proper status).
    return503OnClosing: false,
    trustProxy: deps.config.trustProxy,
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // Kiosks reach the server by LAN address over plain HTTP at some venues: never force HTTPS here.
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: MULTIPART_FILE_LIMIT_BYTES, files: 4, fields: 30, fieldSize: 64 * 1024 } });
  installErrorHandler(app);
  // A reply sent before the request body was read (an upload refused mid-stream) leaves unread
  // bytes on a keep-alive connection, and the client's next request would hang behind them.
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.raw.complete) reply.header('connection', 'close');
    return payload;
  });

  app.get('/api/v1/health', async () => ({ data: { ok: true, db: deps.db.kind } }));
  registerAuthRoutes(app, deps);
  registerFileRoutes(app, deps);

  if (deps.config.serveClient && existsSync(path.join(CLIENT_DIR, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: CLIENT_DIR,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; the shell, worker and manifest must be revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.addHook('onRequest', async (req, reply) => {
      const url = req.url.split('?')[0] ?? '/';
      if (req.method !== 'GET' || url.startsWith('/api/') || url.startsWith('/socket/')) return;
      if (url !== '/' && existsSync(path.join(CLIENT_DIR, url))) return;
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  }
  return app;
}

export interface RunningServer {
  app: FastifyInstance;
  deps: AppDeps;
  url: string;
  stop(): Promise<void>;
}

/** Hooks later features use to add routes, jobs and realtime without growing this file. */
export interface ServerExtensions {
  register?: (app: FastifyInstance, deps: AppDeps) => Promise<void> | void;
}

export async function startServer(config: AppConfig, options: { db?: Db; log?: Logger; extensions?: ServerExtensions[] } = {}): Promise<RunningServer> {
  const log = options.log ?? pino({ level: config.logLevel });
  const db = options.db ?? (await openDatabase(config));
  await migrate(db, (line) => log.info(line));
  const queue = new JobQueue(db, log, { runWorkers: config.runJobs });
  const events = new DomainEvents();
  const domains = createDomains({ config, db, log, queue });
  const deps: AppDeps = { config, db, log, events, queue, domains, realtime: null };
  queue.define(mailJob({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log }));
  const app = await buildApp(deps);
  for (const ext of options.extensions ?? []) await ext.register?.(app, deps);
  const realtime = await attachRealtime({ app, db, events, log });
  deps.realtime = realtime;
  await queue.start();
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const pruneTimer = setInterval(() => void pruneRateLimits(db).catch(() => undefined), 60 * 60 * 1000);
  pruneTimer.unref();
  return {
    app,
    deps,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      clearInterval(pruneTimer);
      await realtime.close();
      await app.close();
      await queue.stop();
      if (!options.db) await db.close();
    },
  };
}
