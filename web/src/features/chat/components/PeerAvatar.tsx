import { Avatar } from 'antd';
import type { ChatPeer } from '../../../api/generated/types.gen';
import { imageSrc } from '../../../lib/media';
import styles from './PeerAvatar.module.css';

/** The other member's avatar, or the first character of their name when they have none. */
export function PeerAvatar({ peer, size }: { peer: ChatPeer; size: number }) {
  const name = peer.nickname || peer.username;
  return peer.avatar ? (
    <Avatar size={size} src={imageSrc(peer.avatar)} alt="" />
  ) : (
    <Avatar size={size} className={styles.initial} aria-hidden>
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
