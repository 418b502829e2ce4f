import { RobotOutlined } from '@ant-design/icons';
import styles from './AssistantAvatar.module.css';

/** The assistant's face: the robot of the home page's AI 聊天 card, in the site's colours. */
export function AssistantAvatar({ size = 32 }: { size?: number }) {
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: size * 0.55 }} aria-hidden="true">
      <RobotOutlined />
    </span>
  );
}
