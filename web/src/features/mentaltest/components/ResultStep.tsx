import { DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import { Button, Result, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CrisisHelp } from '../../../components/CrisisHelp';
import { averageOf, bandOf, formatAverage, isoDate, type Band } from '../model';
import { reportPng, type ReportInput } from '../report';
import { MENTAL_TEXT } from '../texts';
import styles from './ResultStep.module.css';

const RESULT_STATUS: Record<Band, 'success' | 'warning' | 'error'> = {
  good: 'success',
  attention: 'warning',
  seekHelp: 'error',
};

type Download = { state: 'pending' } | { state: 'ready'; url: string } | { state: 'unavailable' };

/** The report PNG, painted once per result, behind an object URL that is released with the result. */
function useReportDownload(input: ReportInput): Download {
  const [download, setDownload] = useState<Download>({ state: 'pending' });
  useEffect(() => {
    let url: string | null = null;
    let current = true;
    reportPng(input).then(
      (blob) => {
        if (!current) return;
        if (!blob) {
          setDownload({ state: 'unavailable' });
          return;
        }
        url = URL.createObjectURL(blob);
        setDownload({ state: 'ready', url });
      },
      () => current && setDownload({ state: 'unavailable' }),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [input]);
  return download;
}

/** Step 2: the band by the average, its advice, help numbers for the third band, restart and the report. */
export function ResultStep({ report, onRestart }: { report: ReportInput; onRestart: () => void }) {
  const band = bandOf(report.answers);
  const text = MENTAL_TEXT.bands[band];
  const download = useReportDownload(report);

  return (
    <div>
      <Result
        status={RESULT_STATUS[band]}
        title={<span data-band={band}>{text.title}</span>}
        subTitle={MENTAL_TEXT.averageScore(formatAverage(averageOf(report.answers)))}
        className={styles.result}
      />
      <div className={styles.advice}>
        {/* Spec 2 section 2.3: where to call now, shown with the third band. */}
        {band === 'seekHelp' && <CrisisHelp />}
        <Typography.Title level={3} className={styles.adviceTitle}>
          {MENTAL_TEXT.adviceTitle}
        </Typography.Title>
        <Typography.Paragraph>{text.description}</Typography.Paragraph>
        <ul className={styles.adviceList}>
          {text.advice.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <Typography.Paragraph type="secondary" className={styles.disclaimer}>
          {MENTAL_TEXT.disclaimer}
        </Typography.Paragraph>
        <Space wrap>
          <Button icon={<RedoOutlined />} onClick={onRestart}>
            {MENTAL_TEXT.restart}
          </Button>
          {download.state === 'ready' ? (
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              href={download.url}
              download={MENTAL_TEXT.reportFileName(isoDate(report.date))}
            >
              {MENTAL_TEXT.download}
            </Button>
          ) : download.state === 'pending' ? (
            <Button type="primary" icon={<DownloadOutlined />} loading disabled>
              {MENTAL_TEXT.preparingReport}
            </Button>
          ) : (
            <Typography.Text type="secondary">{MENTAL_TEXT.reportUnavailable}</Typography.Text>
          )}
        </Space>
      </div>
    </div>
  );
}
