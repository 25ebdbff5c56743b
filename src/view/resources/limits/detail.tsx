// The open transaction limit (Enter on the limits pane).
import type { DirectoryState } from '../../../store/index.js';
import { DirectoryDetail } from '../directory/detail-pane.js';
import { limitDetailLines } from './detail-lines.js';

const find = (dir: DirectoryState, id: string) => dir.limits.get(id);

export function LimitDetailPane({ width, height }: { width: number; height: number }) {
  return <DirectoryDetail width={width} height={height} name="Limit" noun="limit" find={find} lines={limitDetailLines} />;
}
