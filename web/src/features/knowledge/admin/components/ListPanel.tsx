import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { failureMessage } from '../model';
import { KA_TEXT } from '../texts';
import styles from './ListPanel.module.css';

export interface ListFailure {
  /** The spec's failure text of the list (获取资源列表失败). */
  title: string;
  error: unknown;
  retry: () => void;
}

interface ListPanelProps {
  /** Shown above the rows while the list could not be loaded. */
  failures?: (ListFailure | null | false)[];
  children: ReactNode;
}

/** A back-office list in its panel: what failed to load (with the server's reason and a retry), then the rows. */
export function ListPanel({ failures = [], children }: ListPanelProps) {
  return (
    <section className={styles.panel}>
      {failures.map(
        (failure) =>
          failure && (
            <Alert
              key={failure.title}
              type="error"
              showIcon
              className={styles.error}
              title={failure.title}
              description={failureMessage(failure.error, '') || undefined}
              action={
                <Button size="small" onClick={failure.retry}>
                  {KA_TEXT.retry}
                </Button>
              }
            />
          ),
      )}
      {children}
    </section>
  );
}
