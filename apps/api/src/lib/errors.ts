import type { FieldError } from '@portal/shared/common';

/** Errors services throw; the error handler turns each into the DESIGN §5 body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    readonly details?: FieldError[],
    /** Fields the answer carries beside the standard ones (a conflict's counts, say). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: FieldError[]) {
    super(400, 'Bad Request', message, details);
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError(message, [{ field, message }]);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string) {
    super(401, 'Unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, 'Forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(what: string) {
    super(404, 'Not Found', `${what} not found`);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, field?: string) {
    super(409, 'Conflict', message, field ? [{ field, message }] : undefined);
  }
}

/** The record is there but over for good (a cancelled badge): 410. */
export class GoneError extends AppError {
  constructor(message: string) {
    super(410, 'Gone', message);
  }
}

export class BusinessRuleError extends AppError {
  constructor(message: string, details?: FieldError[]) {
    super(422, 'Unprocessable Entity', message, details);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'Too Many Requests', message);
  }
}

/** Runs a write; a unique violation (of `constraint`, or any) becomes the given conflict instead. */
export async function withUniqueConflict<T>(write: () => Promise<T>, conflict: () => AppError, constraint?: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, constraint)) throw conflict();
    throw error;
  }
}

/** PostgreSQL's unique_violation, whichever driver raised it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = findPgError(error);
  return cause?.code === '23505' && (!constraint || cause.constraint === constraint);
}

/** A foreign key refusing a write: foreign_key_violation, or restrict_violation from ON DELETE RESTRICT. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = findPgError(error)?.code;
  return code === '23503' || code === '23001';
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint };
    }
    current = candidate.cause;
  }
  return undefined;
}
