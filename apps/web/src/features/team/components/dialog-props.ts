/** Why people were not added, or seats not changed: the filter recognised nobody, or a call failed. */
export type AddFailure = { kind: 'noInvitees' } | { kind: 'error'; error: unknown };

/** What a dialog that changes the team tells the member tab. */
export interface ChangeDialogProps {
  onClose: () => void;
  /** The change was made: the tab says so and clears its selection. */
  onDone: () => void;
  /** Spec 02 §8: `group num limit` opens the upgrade prompt, anything else the add-failed prompt. */
  onFailed: (failure: AddFailure) => void;
}
