import { Button, Popover } from 'antd';
import type { CaseReport } from '../../../api/generated/types.gen';
import { formatDateTime } from '../../../lib/format';
import { ADMIN_TEXT } from '../texts';
import styles from './CaseReports.module.css';

interface CaseReportsProps {
  count: number;
  reports: readonly CaseReport[];
}

/** How many members reported it, the first reason in the row, and every report on a click. */
export function CaseReports({ count, reports }: CaseReportsProps) {
  if (count === 0 || reports.length === 0) return <span className={styles.muted}>{ADMIN_TEXT.noReporters}</span>;
  const list = (
    <ul className={styles.list}>
      {reports.map((report, index) => (
        <li key={`${report.reporter?.uuid ?? 'gone'}-${index}`} className={styles.report}>
          <span className={styles.who}>
            <span className={styles.name}>{report.reporter?.nickname || ADMIN_TEXT.reporterGone}</span>
            <span className={styles.time}>{formatDateTime(report.createdAt)}</span>
          </span>
          <span className={styles.reason}>{report.reason}</span>
        </li>
      ))}
    </ul>
  );
  return (
    <span className={styles.cell}>
      <Popover trigger="click" title={ADMIN_TEXT.reportReasons} content={list} placement="bottomLeft">
        <Button type="link" size="small" className={styles.count}>
          {ADMIN_TEXT.reporters(count)}
        </Button>
      </Popover>
      <span className={styles.first} title={reports[0].reason}>
        {reports[0].reason}
      </span>
    </span>
  );
}
