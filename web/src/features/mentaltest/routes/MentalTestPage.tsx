import { LockOutlined } from '@ant-design/icons';
import { Steps, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { BasicInfoStep } from '../components/BasicInfoStep';
import { QuestionsStep } from '../components/QuestionsStep';
import { ResultStep } from '../components/ResultStep';
import type { BasicInfo } from '../model';
import type { ReportInput } from '../report';
import { MENTAL_TEXT } from '../texts';
import styles from './MentalTestPage.module.css';

type Stage =
  | { step: 0; info: BasicInfo | null; answers: number[] }
  | { step: 1; info: BasicInfo; answers: number[] }
  | { step: 2; report: ReportInput };

const START: Stage = { step: 0, info: null, answers: [] };

/** Spec 2 section 2.3: basic info, five questions, the result; nothing leaves the browser. */
export default function MentalTestPage() {
  const [stage, setStage] = useState<Stage>(START);
  const top = useRef<HTMLDivElement>(null);
  const shownStep = useRef(stage.step);

  // Each step starts at the top of the card: the result button sits far down on a phone.
  useEffect(() => {
    if (shownStep.current === stage.step) return;
    shownStep.current = stage.step;
    top.current?.scrollIntoView?.({ block: 'start' });
  }, [stage.step]);

  let body;
  switch (stage.step) {
    case 0:
      body = (
        <BasicInfoStep initial={stage.info} onDone={(info) => setStage({ step: 1, info, answers: stage.answers })} />
      );
      break;
    case 1:
      body = (
        <QuestionsStep
          initial={stage.answers}
          onBack={(answers) => setStage({ step: 0, info: stage.info, answers })}
          onDone={(answers) => setStage({ step: 2, report: { date: new Date(), name: stage.info.name, answers } })}
        />
      );
      break;
    case 2:
      body = <ResultStep report={stage.report} onRestart={() => setStage(START)} />;
      break;
  }

  return (
    <div className={styles.page}>
      <Typography.Title level={1} className={styles.title}>
        {MENTAL_TEXT.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className={styles.subtitle}>
        {MENTAL_TEXT.subtitle}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" className={styles.privacy}>
        <LockOutlined aria-hidden /> {MENTAL_TEXT.privacy}
      </Typography.Paragraph>
      <div ref={top} className={styles.card}>
        <Steps
          current={stage.step}
          size="small"
          responsive={false}
          items={MENTAL_TEXT.steps.map((title) => ({ title }))}
          className={styles.steps}
        />
        {body}
      </div>
    </div>
  );
}
