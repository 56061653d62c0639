/**
 * The background job queue: pg-boss on the same database, so any server process can work any
 * job. On PGlite it runs through an adapter over the one in-process session; on PostgreSQL it
 * uses its own pool. Jobs are sent inside the caller's transaction when one is given, so a job
 * exists exactly when the write that needs it committed.
 *
 * pg-boss polls; to start work at once, a send also NOTIFYs every process, whose matching
 * worker is woken. Every job handler must be idempotent: a retry may follow a crash after the
 * work was done but before it was marked complete.
 */
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/db';

export interface JobContext {
  jobId: string;
  /** 0 on the first try. */
  retryCount: number;
}

export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  /** Tries after the first; each waits retryDelaySeconds, doubling (backoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<void>;
}

export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const WAKE_CHANNEL = 'sg_jobs_wake';
/** pg-boss's floor; short enough that a missed wake-up costs little. */
const POLLING_INTERVAL_SECONDS = 2;

function sqlAdapter(q: Queryable | Db): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[]) => {
      if (values && values.length > 0) return { rows: await q.query(text, values) };
      if ('exec' in q) return { rows: await q.exec(text) };
      return { rows: await q.query(text) };
    },
  };
}

export class JobQueue {
  private boss: PgBoss | null = null;
  private readonly definitions = new Map<string, JobDefinition<z.ZodType>>();
  private readonly workerIds = new Map<string, string>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: JobLogger,
    private readonly options: { runWorkers: boolean },
  ) {}

  define<S extends z.ZodType>(definition: JobDefinition<S>): void {
    this.definitions.set(definition.name, definition as unknown as JobDefinition<z.ZodType>);
  }

  async start(): Promise<void> {
    const common = { schedule: false, supervise: this.db.kind === 'postgres', migrate: true } as const;
    const boss =
      this.db.kind === 'pglite'
        ? new PgBoss({ ...common, db: sqlAdapter(this.db) })
        : new PgBoss({ ...common, connectionString: this.db.connectionString ?? undefined, max: 4 });
    boss.on('error', (err) => this.log.error({ err: err.message }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    for (const def of this.definitions.values()) {
      await boss.createQueue(def.name, { name: def.name, retryLimit: def.retryLimit, retryDelay: def.retryDelaySeconds, retryBackoff: true });
      if (this.options.runWorkers) await this.work(boss, def);
    }
    if (this.options.runWorkers) {
      this.unlisten = await this.db.listen(WAKE_CHANNEL, (name) => {
        const workerId = this.workerIds.get(name);
        if (workerId) this.boss?.notifyWorker(workerId);
      });
    }
  }

  private async work(boss: PgBoss, def: JobDefinition<z.ZodType>): Promise<void> {
    const workerId = await boss.work<unknown>(
      def.name,
      { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: 1, includeMetadata: true },
      async (jobs) => {
        for (const job of jobs) {
          const started = Date.now();
          const parsed = def.payload.safeParse(job.data);
          if (!parsed.success) {
            this.log.error({ job: def.name, jobId: job.id, issues: parsed.error.issues }, 'job payload invalid; not retried');
            return;
          }
          try {
            await def.handler(parsed.data, { jobId: job.id, retryCount: job.retryCount });
            this.log.info({ job: def.name, jobId: job.id, ms: Date.now() - started }, 'job done');
          } catch (err) {
            const message = err instanceof Error ? err.message : String(err);
            const willRetry = job.retryCount < job.retryLimit;
            this.log[willRetry ? 'warn' : 'error'](
              { job: def.name, jobId: job.id, attempt: job.retryCount + 1, of: job.retryLimit + 1, err: message },
              willRetry ? 'job failed; will retry' : 'job failed for good',
            );
            throw err;
          }
        }
      },
    );
    this.workerIds.set(def.name, workerId);
  }

  /** Queues a job, inside `tx` when given (it then exists only if that transaction commits). */
  async send<S extends z.ZodType>(name: string, payload: z.input<S>, options: { tx?: Queryable; singletonKey?: string } = {}): Promise<string | null> {
    const boss = this.boss;
    const def = this.definitions.get(name);
    if (!boss || !def) throw new Error(`Job queue not started or job ${name} not defined`);
    const data = def.payload.parse(payload) as object;
    const id = await boss.send(name, data, {
      retryLimit: def.retryLimit,
      retryDelay: def.retryDelaySeconds,
      retryBackoff: true,
      singletonKey: options.singletonKey,
      ...(options.tx ? { db: sqlAdapter(options.tx) } : {}),
    });
    if (!options.tx) await this.wake(name);
    return id;
  }

  /** Wakes the workers of `name` in every process (call after the sending transaction commits). */
  async wake(name: string): Promise<void> {
    await this.db.notify(WAKE_CHANNEL, name).catch(() => undefined);
  }

  async getJob(name: string, id: string): Promise<PgBoss.JobWithMetadata<unknown> | null> {
    return this.boss ? this.boss.getJobById(name, id, { includeArchive: true }) : null;
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    await this.boss?.stop({ graceful: true, wait: true, timeout: 5000 });
    this.boss = null;
  }
}
