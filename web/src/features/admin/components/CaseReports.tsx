import { Button, Popover, Tag } from 'antd';
import type { CaseReport } from '../../../api/generated/types.gen';
import { formatDateTime } from '../../../lib/format';
import { ADMIN_TEXT } from '../texts';
import styles from './CaseReports.module.css';

interface CaseReportsProps {
  count: number;
  /** Reports of full weight (verified members from distinct addresses). */
  trusted: number;
  reports: readonly CaseReport[];
}

const WEIGHT_COLOR: Record<string, string> = { full: 'green', partial: 'gold', none: 'default' };

/** A report's weight, with why it weighs that, so an admin can tell a wave of fresh accounts from real members. */
function WeightTag({ report }: { report: CaseReport }) {
  return (
    <Tag color={WEIGHT_COLOR[report.weight]} title={report.weightReason} className={styles.weight}>
      {ADMIN_TEXT.reportWeightLabel}：{ADMIN_TEXT.reportWeight[report.weight] ?? report.weight}
    </Tag>
  );
}

/** How many members reported it (and how many of them verified), the first reason in the row, and every report with its weight on a click. */
export function CaseReports({ count, trusted, reports }: CaseReportsProps) {
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
          <span className={styles.weighed}>
            <WeightTag report={report} />
            <span className={styles.why}>{report.weightReason}</span>
          </span>
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
      <span className={styles.trusted}>{ADMIN_TEXT.trustedReporters(trusted)}</span>
      <span className={styles.first} title={reports[0].reason}>
        {reports[0].reason}
      </span>
    </span>
  );
}
