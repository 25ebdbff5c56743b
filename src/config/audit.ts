// The local audit log: one JSON object per line, appended, never rewritten (issue 5). The
// actions issue's helper fills in the implementation; the shape below is shared with live/.

/** One attempt of an action and how it ended. Holds no secret: no token, key or passphrase. */
export interface AuditEntry {
  /** ISO 8601, UTC, milliseconds. */
  readonly time: string;
  readonly profile?: string;
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly keyId?: string;
  /** decline | approve | create (more may come: readers show unknown ones as they are). */
  readonly action: string;
  readonly transactionId?: string;
  /** The idempotency key of a create. */
  readonly externalId?: string;
  readonly reason?: string;
  /** The new status on success, else the error code (conflict, forbidden, network, bad-request…). */
  readonly result: string;
  readonly correlationId?: string;
}

export interface AuditReadResult {
  readonly entries: AuditEntry[];
  /** Lines that were not a valid entry (a torn last line, hand edits): counted, not fatal. */
  readonly skipped: number;
}

export interface AuditLog {
  readonly path: string;
  /** Appends one line (folder 0700, file 0600, no symlinks); rejects with a ConfigError saying why. */
  append(entry: AuditEntry): Promise<void>;
  /** Every entry, oldest first, optionally only those of one transaction. A missing file is empty. */
  read(filter?: { transactionId?: string }): Promise<AuditReadResult>;
}

export function openAuditLog(path: string): AuditLog {
  return {
    path,
    append: () => Promise.reject(new Error('audit log: not implemented yet')),
    read: () => Promise.resolve({ entries: [], skipped: 0 }),
  };
}
