import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ProfileUnderAudit } from '../../../api/generated/types.gen';
import { UploadAvatar } from '../../../components/PrivateImage';
import { formatDateTime } from '../../../lib/format';
import type { PageProps } from '../../../lib/page';
import { useProfileAudits, useRegionNames } from '../api/queries';
import { AdminPage } from '../components/AdminPage';
import { AdminTable } from '../components/AdminTable';
import { ProfileAuditDialog } from '../components/ProfileAuditDialog';
import { useAdminPaging } from '../components/useAdminPaging';
import { cityName, sexLabel, type RegionNames } from '../model';
import { ADMIN_TEXT } from '../texts';
import styles from './AdminPages.module.css';

function columnsFor(
  names: RegionNames,
  review: (profile: ProfileUnderAudit) => void,
): TableColumnsType<ProfileUnderAudit> {
  const orNone = (text: string) => text || <span className={styles.muted}>{ADMIN_TEXT.notFilled}</span>;
  return [
    {
      title: ADMIN_TEXT.columnNickname,
      key: 'nickname',
      render: (_, profile) => {
        const name = profile.nickname || profile.username;
        return (
          <span className={styles.person}>
            <UploadAvatar size={32} path={profile.avatar} className={styles.avatar}>
              {name.slice(0, 1)}
            </UploadAvatar>
            <span className={styles.name}>{name}</span>
          </span>
        );
      },
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
    { title: ADMIN_TEXT.columnSex, dataIndex: 'sex', render: (sex: string) => sexLabel(sex) },
    {
      title: ADMIN_TEXT.columnAge,
      dataIndex: 'age',
      render: (age: number) => (age > 0 ? ADMIN_TEXT.age(age) : orNone('')),
    },
    {
      title: ADMIN_TEXT.columnCity,
      key: 'city',
      render: (_, profile) => orNone(cityName(names, profile.province, profile.city)),
    },
    { title: ADMIN_TEXT.columnOccupation, dataIndex: 'occupation', render: orNone },
    {
      title: ADMIN_TEXT.columnUpdatedAt,
      dataIndex: 'updatedAt',
      render: (seconds: number) => <span className={styles.time}>{formatDateTime(seconds)}</span>,
    },
    {
      title: ADMIN_TEXT.columnActions,
      key: 'actions',
      fixed: 'right',
      render: (_, profile) => (
        <Button type="primary" ghost size="small" onClick={() => review(profile)}>
          {ADMIN_TEXT.review}
        </Button>
      ),
    },
  ];
}

/** /admin/user-audit (spec 3 section 2): members with waiting profile changes, each reviewed in a dialog. */
export default function UserAuditPage({ title }: PageProps) {
  return (
    <AdminPage title={title} subtitle={ADMIN_TEXT.userAuditSubtitle}>
      <UserAuditTable />
    </AdminPage>
  );
}

function UserAuditTable() {
  const paging = useAdminPaging();
  const audits = useProfileAudits(paging.page, paging.pageSize);
  const names = useRegionNames();
  const [reviewing, setReviewing] = useState<ProfileUnderAudit | null>(null);

  return (
    <>
      <AdminTable
        query={audits}
        rowsOf={(data) => data.users}
        paging={paging}
        rowKey="uuid"
        columns={columnsFor(names, setReviewing)}
        errorTitle={ADMIN_TEXT.profileListFailed}
        emptyText={ADMIN_TEXT.noPendingProfiles}
      />
      {reviewing && <ProfileAuditDialog profile={reviewing} onClose={() => setReviewing(null)} />}
    </>
  );
}
