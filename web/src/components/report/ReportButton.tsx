import { FlagOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { cx } from '../../lib/classNames';
import { isSessionLive, useSession } from '../../lib/session';
import styles from './ReportButton.module.css';
import { ReportDialog } from './ReportDialog';
import type { ReportSubject } from './reason';
import { REPORT_SUBJECT_TEXT, REPORT_TEXT } from './texts';

interface ReportButtonProps {
  subject: ReportSubject;
  /** The member's uuid for a profile, the id otherwise. */
  targetId: string | number;
  /** The viewer wrote it: there is nothing for them to report. */
  mine: boolean;
  /** The accessible name when the subject's own is not distinct enough (a comment among comments). */
  label?: string;
  /** A link and no icon where the neighbouring actions are words only (回复 beside a comment). */
  plain?: boolean;
  className?: string;
}

/**
 * A quiet 举报 beside something a member wrote, for signed-in members on others' content; it
 * opens the report dialog.
 */
export function ReportButton({ subject, targetId, mine, label, plain = false, className }: ReportButtonProps) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (mine || !isSessionLive(session, Date.now())) return null;
  return (
    <>
      <Button
        type={plain ? 'link' : 'text'}
        size="small"
        icon={plain ? undefined : <FlagOutlined aria-hidden />}
        aria-label={label ?? REPORT_SUBJECT_TEXT[subject].label}
        aria-haspopup="dialog"
        className={cx(styles.button, className)}
        onClick={() => setOpen(true)}
      >
        {REPORT_TEXT.report}
      </Button>
      {open && <ReportDialog subject={subject} targetId={String(targetId)} onClose={() => setOpen(false)} />}
    </>
  );
}
