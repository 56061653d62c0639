/** Environment, parsed once. Every value has an embedded default so `npm start` needs nothing. */
import { z } from 'zod';

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Folder of the embedded PGlite database (ignored when DATABASE_URL is set). */
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Without SMTP_URL, e-mail goes to the development outbox and login codes to the log. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Signature Guestbook <no-reply@signature-guestbook.local>'),
  /** The address people reach this server at, for links in e-mails and QR codes. */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo accounts, users and services into an empty database. */
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** Run the background job workers in this process. */
  RUN_JOBS: z.enum(['true', 'false']).default('true'),
  /** Trust X-Forwarded-For (only behind a reverse proxy you run; else clients could fake their IP). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Serve the built PWA from ./dist. */
  SERVE_CLIENT: z.enum(['true', 'false']).default('true'),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  runJobs: boolean;
  serveClient: boolean;
  trustProxy: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set" (e.g. `DATABASE_URL= npm start`).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    smtpUrl: c.SMTP_URL || undefined,
    mailFrom: c.MAIL_FROM,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    logLevel: c.LOG_LEVEL,
    seedDemo: c.SEED_DEMO === 'true',
    runJobs: c.RUN_JOBS === 'true',
    serveClient: c.SERVE_CLIENT === 'true',
    trustProxy: c.TRUST_PROXY === 'true',
  };
}
