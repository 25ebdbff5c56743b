// The open member (Enter on the members pane).
import type { DirectoryState } from '../../../store/index.js';
import { DirectoryDetail } from '../directory/detail-pane.js';
import { memberDetailLines } from './detail-lines.js';

const find = (dir: DirectoryState, id: string) => dir.members.get(id);

export function MemberDetailPane({ width, height }: { width: number; height: number }) {
  return <DirectoryDetail width={width} height={height} name="Member" noun="member" find={find} lines={memberDetailLines} />;
}
