import { Result } from 'antd';
import { useEffect } from 'react';
import { PLACEHOLDER_TEXT } from '../texts';
import { LinkButton } from '../../../components/LinkButton';

export default function NotFoundPage() {
  useEffect(() => {
    document.title = `${PLACEHOLDER_TEXT.notFoundTitle} · 心桥`;
  }, []);
  return (
    <Result
      status="404"
      title={PLACEHOLDER_TEXT.notFoundTitle}
      subTitle={PLACEHOLDER_TEXT.notFoundDetail}
      extra={
        <LinkButton to="/" type="primary">
          {PLACEHOLDER_TEXT.backHome}
        </LinkButton>
      }
    />
  );
}
