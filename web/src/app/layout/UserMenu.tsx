import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { Icon } from '../../components/Icon';
import { mediaUrl } from '../../lib/media';
import type { SessionUser } from '../../lib/session';
import styles from './AppHeader.module.css';
import { DropdownMenu } from './DropdownMenu';
import { PopupLinks } from './PopupLinks';
import { LAYOUT_TEXT, USER_NAV } from './navigation';

/** The desktop's menu of the signed-in member: their pages and logging out. */
export function UserMenu({
  user,
  currentPath,
  onLogout,
}: {
  user: SessionUser;
  currentPath: string;
  onLogout: () => void;
}) {
  const label = (
    <>
      <span className={styles.avatar}>
        {user.avatar ? <img src={mediaUrl(user.avatar)} alt="" /> : <Icon icon={UserOutlined} />}
      </span>
      {user.nickname || user.username}
    </>
  );
  return (
    <div className={styles.desktop}>
      <DropdownMenu label={label} buttonClassName={styles.userButton} alignEnd>
        <PopupLinks entries={USER_NAV} currentPath={currentPath} />
        <li className={styles.separated}>
          <button type="button" className={styles.popupEntry} onClick={onLogout}>
            <Icon icon={LogoutOutlined} />
            {LAYOUT_TEXT.logout}
          </button>
        </li>
      </DropdownMenu>
    </div>
  );
}
