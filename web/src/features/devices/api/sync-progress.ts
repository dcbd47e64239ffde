// Progress of one synchronisation: the commands it queued are the first `queued` commands
// created after the newest command known before it started (ids grow); a command is finished
// once acknowledged (ok), refused (failed), given up (expired) or superseded before the
// device fetched it (cancelled: a person changed again while the batch ran).
import type { DeviceCommand, DeviceCommandStatus, Reconciliation } from './faces';

export interface SyncBatch {
  /** The newest command id before the synchronisation (0 when the device had none). */
  afterId: number;
  /** How many commands the synchronisation queued. */
  queued: number;
}

export interface SyncProgress {
  total: number;
  ok: number;
  failed: number;
  expired: number;
  finished: number;
  percent: number;
  done: boolean;
  /** The batch's commands, oldest first. */
  commands: DeviceCommand[];
}

const FINISHED: DeviceCommandStatus[] = ['ok', 'failed', 'expired', 'cancelled'];

export function isFinished(status: DeviceCommandStatus): boolean {
  return FINISHED.includes(status);
}

/** The batch's commands among a page of commands (any order). */
export function batchCommands(commands: DeviceCommand[], batch: SyncBatch): DeviceCommand[] {
  return commands
    .filter((c) => c.id > batch.afterId)
    .sort((a, b) => a.id - b.id)
    .slice(0, batch.queued);
}

export function syncProgress(commands: DeviceCommand[], batch: SyncBatch): SyncProgress {
  const mine = batchCommands(commands, batch);
  const count = (s: DeviceCommandStatus) => mine.filter((c) => c.status === s).length;
  const ok = count('ok');
  const failed = count('failed');
  const expired = count('expired');
  const finished = ok + failed + expired + count('cancelled');
  const total = batch.queued;
  const percent = total > 0 ? Math.min(100, Math.round((finished / total) * 100)) : 100;
  return { total, ok, failed, expired, finished, percent, done: finished >= total, commands: mine };
}

/** Labels of a synchronisation's user query (the second also removes the unknown PINs). */
export const SYNC_LABELS = ['sync', 'sync+unknown'];

/**
 * What a synchronisation did, from its user query's result (JSON written once the terminal
 * answered); null while it has not answered, or for any other command.
 */
export function reconciliation(command: DeviceCommand | undefined): Reconciliation | null {
  if (!command || !SYNC_LABELS.includes(command.label) || !command.result.startsWith('{')) return null;
  try {
    const r = JSON.parse(command.result) as Partial<Reconciliation>;
    if (typeof r.added !== 'number' || typeof r.removed !== 'number') return null;
    return {
      listed: !!r.listed,
      added: r.added,
      updated: r.updated ?? 0,
      removed: r.removed,
      unknown: r.unknown ?? 0,
      unknown_pins: Array.isArray(r.unknown_pins) ? r.unknown_pins : [],
      unknown_removed: !!r.unknown_removed,
    };
  } catch {
    return null;
  }
}
