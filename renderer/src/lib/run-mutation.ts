import type { UseMutationResult } from '@tanstack/react-query';

/** What to do once a mutation has answered: on its reply, or on its failure. */
export interface MutationHandlers<TData, TError> {
  /** Runs with the reply (after the mutation's own refreshes). */
  onSuccess?: (data: TData) => void;
  /** Runs with the failure; without it the failure stays readable on the mutation (`error`) only. */
  onError?: (error: TError) => void;
}

/**
 * Runs a mutation, then its handlers, even when the part of the screen that started it has gone by then: react-query skips the
 * per-call callbacks of `mutate(…, { onSuccess })` once their component unmounts, so a notice raised there can be lost.
 * Use it for every outcome the user must see (notices, closing a dialog); the lint rule of the renderer forbids per-call callbacks.
 */
export function runMutation<TData, TError, TVariables>(
  mutation: Pick<UseMutationResult<TData, TError, TVariables>, 'mutateAsync'>,
  variables: TVariables,
  handlers: MutationHandlers<TData, TError> = {},
): void {
  void mutation.mutateAsync(variables).then(
    (data) => handlers.onSuccess?.(data),
    (error: unknown) => handlers.onError?.(error as TError),
  );
}
