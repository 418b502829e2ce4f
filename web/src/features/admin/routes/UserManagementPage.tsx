import { AuditOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { ReactElement } from 'react';
import { useState } from 'react';
import type { AdminUserItem } from '../../../api/generated/types.gen';
import { LinkButton } from '../../../components/LinkButton';
import { accessOf } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { mediaUrl } from '../../../lib/media';
import type { PageProps } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import { useDeleteUsers } from '../api/actions';
import { useAdminUsers } from '../api/queries';
import { AdminPage } from '../components/AdminPage';
import { AdminSearch } from '../components/AdminSearch';
import { AdminTable } from '../components/AdminTable';
import { useAdminConfirm } from '../components/useAdminConfirm';
import { useAdminPaging } from '../components/useAdminPaging';
import { UserEditDialog } from '../components/UserEditDialog';
import { failureText, ROLE_COLOR, roleLabel } from '../model';
import { ADMIN_PATHS } from '../paths';
import { ADMIN_TEXT } from '../texts';
import styles from './AdminPages.module.css';

/** Who the signed-in admin is, for what the rows allow (the server checks the same again). */
export interface Viewer {
  uuid: string;
  isSuperAdmin: boolean;
}

const isAdminAccount = (user: AdminUserItem) => user.sysRole === 'admin' || user.sysRole === 'superadmin';

/** Why the viewer may not edit this member, or null: a plain admin edits plain members and themselves. */
export function editRefusal(viewer: Viewer, user: AdminUserItem): string | null {
  if (viewer.isSuperAdmin || user.uuid === viewer.uuid || !isAdminAccount(user)) return null;
  return ADMIN_TEXT.adminAccountOnlySuperadmin;
}

/** Why the viewer may not delete this member, or null: never themselves; admins only by a superadmin. */
export function deleteRefusal(viewer: Viewer, user: AdminUserItem): string | null {
  if (user.uuid === viewer.uuid) return ADMIN_TEXT.cannotDeleteSelf;
  if (!viewer.isSuperAdmin && isAdminAccount(user)) return ADMIN_TEXT.adminDeletionOnlySuperadmin;
  return null;
}

/** A disabled button says why in a tooltip (on a wrapper: a disabled button gets no pointer events). */
function Refusable({ refusal, children }: { refusal: string | null; children: ReactElement }) {
  if (!refusal) return children;
  return (
    <Tooltip title={refusal}>
      <span className={styles.refused}>{children}</span>
    </Tooltip>
  );
}

const time = (seconds: number) => <span className={styles.time}>{formatDateTime(seconds)}</span>;
const orNone = (text: string) => text || <span className={styles.muted}>{ADMIN_TEXT.none}</span>;

interface RowActions {
  viewer: Viewer;
  edit: (user: AdminUserItem) => void;
  remove: (users: AdminUserItem[]) => void;
}

/** The columns of spec 3 section 2, then edit and delete. */
export function userColumns({ viewer, edit, remove }: RowActions): TableColumnsType<AdminUserItem> {
  return [
    { title: ADMIN_TEXT.columnId, dataIndex: 'userId' },
    {
      title: ADMIN_TEXT.columnAvatar,
      key: 'avatar',
      render: (_, user) => (
        <Avatar size={32} src={user.avatar ? mediaUrl(user.avatar) : undefined} className={styles.avatar}>
          {(user.nickname || user.username).slice(0, 1)}
        </Avatar>
      ),
    },
    {
      title: ADMIN_TEXT.columnUsername,
      dataIndex: 'username',
      render: (username: string, user) => (
        <span className={styles.name}>
          {username}
          {user.uuid === viewer.uuid && <Tag className={styles.you}>{ADMIN_TEXT.you}</Tag>}
        </span>
      ),
    },
    { title: ADMIN_TEXT.columnNickname, dataIndex: 'nickname', render: orNone },
    { title: ADMIN_TEXT.columnEmail, dataIndex: 'email', render: orNone },
    { title: ADMIN_TEXT.columnPhone, dataIndex: 'phone', render: orNone },
    {
      title: ADMIN_TEXT.columnRole,
      dataIndex: 'sysRole',
      render: (role: string) => <Tag color={ROLE_COLOR[role]}>{roleLabel(role)}</Tag>,
    },
    {
      title: ADMIN_TEXT.columnLoginAt,
      dataIndex: 'loginedAt',
      render: (seconds: number) =>
        seconds > 0 ? time(seconds) : <span className={styles.muted}>{ADMIN_TEXT.never}</span>,
    },
    {
      title: ADMIN_TEXT.columnUuid,
      dataIndex: 'uuid',
      render: (uuid: string) => (
        <span className={styles.mono} title={uuid}>
          {uuid}
        </span>
      ),
    },
    { title: ADMIN_TEXT.columnRegisteredAt, dataIndex: 'createdAt', render: time },
    {
      title: ADMIN_TEXT.columnActions,
      key: 'actions',
      fixed: 'right',
      render: (_, user) => {
        const cannotEdit = editRefusal(viewer, user);
        const cannotDelete = deleteRefusal(viewer, user);
        return (
          <span className={styles.actions}>
            <Refusable refusal={cannotEdit}>
              <Button type="primary" ghost size="small" disabled={cannotEdit !== null} onClick={() => edit(user)}>
                {ADMIN_TEXT.edit}
              </Button>
            </Refusable>
            <Refusable refusal={cannotDelete}>
              <Button danger size="small" disabled={cannotDelete !== null} onClick={() => remove([user])}>
                {ADMIN_TEXT.delete}
              </Button>
            </Refusable>
          </span>
        );
      },
    },
  ];
}

/** /admin/users (spec 3 section 2): find members by username, edit or delete them, one or several. */
export default function UserManagementPage({ title }: PageProps) {
  return (
    <AdminPage
      title={title}
      subtitle={ADMIN_TEXT.usersSubtitle}
      extra={
        <LinkButton to={ADMIN_PATHS.userAudit} icon={<AuditOutlined aria-hidden />}>
          {ADMIN_TEXT.toUserAudit}
        </LinkButton>
      }
    >
      <UserTable />
    </AdminPage>
  );
}

function UserTable() {
  const { message } = App.useApp();
  const session = useSession();
  const viewer: Viewer = {
    uuid: session?.user.uuid ?? '',
    isSuperAdmin: accessOf(session, Date.now()).isSuperAdmin,
  };
  const paging = useAdminPaging();
  const [username, setUsername] = useState('');
  const users = useAdminUsers(username, paging.page, paging.pageSize);
  const deletion = useDeleteUsers();
  const confirm = useAdminConfirm();
  const [editing, setEditing] = useState<AdminUserItem | null>(null);
  const [selected, setSelected] = useState<AdminUserItem[]>([]);

  const remove = (chosen: AdminUserItem[]) =>
    confirm({
      title:
        chosen.length === 1
          ? ADMIN_TEXT.deleteUserQuestion(chosen[0].nickname || chosen[0].username)
          : ADMIN_TEXT.deleteUsersQuestion(chosen.length),
      content: ADMIN_TEXT.deleteUserDetail,
      okText: ADMIN_TEXT.delete,
      danger: true,
      onConfirm: async () => {
        try {
          await deletion.mutateAsync(chosen.map((user) => user.userId));
          message.success(ADMIN_TEXT.usersDeleted);
          const gone = new Set(chosen.map((user) => user.userId));
          setSelected((current) => current.filter((user) => !gone.has(user.userId)));
        } catch (error) {
          message.error(failureText(error, ADMIN_TEXT.userDeleteFailed));
        }
      },
    });

  return (
    <>
      <div className={styles.toolbar}>
        <AdminSearch
          placeholder={ADMIN_TEXT.searchUsername}
          onSearch={(words) => {
            setUsername(words);
            paging.backToFirstPage();
          }}
        />
        <Button
          danger
          icon={<DeleteOutlined aria-hidden />}
          disabled={selected.length === 0}
          onClick={() => remove(selected)}
        >
          {ADMIN_TEXT.deleteSelected(selected.length)}
        </Button>
      </div>
      <AdminTable
        query={users}
        rowsOf={(data) => data.users}
        paging={paging}
        rowKey="userId"
        columns={userColumns({ viewer, edit: setEditing, remove })}
        rowSelection={{
          selectedRowKeys: selected.map((user) => user.userId),
          preserveSelectedRowKeys: true,
          onChange: (_, rows) => setSelected(rows.filter(Boolean)),
          getCheckboxProps: (user) => ({
            disabled: deleteRefusal(viewer, user) !== null,
            'aria-label': user.username,
          }),
        }}
        errorTitle={ADMIN_TEXT.userListFailed}
        emptyText={ADMIN_TEXT.noUsers}
      />
      {editing && (
        <UserEditDialog user={editing} canChangeRole={viewer.isSuperAdmin} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
