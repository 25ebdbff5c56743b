// The action dialog drawn over the pane. Filled in by the actions issue.
export function ActionDialog(_props: { width: number; height: number }) {
  return null;
}
