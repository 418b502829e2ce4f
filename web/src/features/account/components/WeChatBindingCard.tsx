import { WechatOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Modal, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import type { SiteConfig } from '../../../api/generated/types.gen';
import { goTo } from '../../../lib/browser';
import { formatDate } from '../../../lib/format';
import { useSiteConfig } from '../../../lib/siteConfig';
import { isWeChatBrowser, wechatOfficialCallbackUrl, wechatQrCallbackUrl } from '../../../lib/wechat';
import { useStartWeChatBinding, useUnbindWeChat, useWeChatBinding } from '../api/wechatBinding';
import { ACCOUNT_TEXT } from '../texts';
import styles from './WeChatBindingCard.module.css';

/** Inside WeChat binding goes through the official account, elsewhere through the QR code. */
function bindCallbackUrl(config: Pick<SiteConfig, 'wechatOpenLogin' | 'wechatOfficialLogin'>): string | null {
  const origin = window.location.origin;
  if (isWeChatBrowser(navigator.userAgent)) {
    return config.wechatOfficialLogin ? wechatOfficialCallbackUrl(origin) : null;
  }
  return config.wechatOpenLogin ? wechatQrCallbackUrl(origin) : null;
}

export function WeChatBindingCard() {
  const { message } = App.useApp();
  const siteConfig = useSiteConfig();
  const binding = useWeChatBinding();
  const startBinding = useStartWeChatBinding();
  const unbind = useUnbindWeChat();
  const [unbinding, setUnbinding] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const callbackUrl = siteConfig.data ? bindCallbackUrl(siteConfig.data) : null;

  const onBind = () => {
    if (!callbackUrl) return;
    startBinding.mutate(callbackUrl, {
      onSuccess: (authorizeUrl) => goTo(authorizeUrl),
      onError: (error) => message.error(error.message || ACCOUNT_TEXT.bindFailed),
    });
  };

  const onUnbind = ({ password }: { password: string }) => {
    unbind.mutate(password, {
      onSuccess: () => {
        message.success(ACCOUNT_TEXT.unbound);
        setUnbinding(false);
        form.resetFields();
      },
      onError: (error) => form.setFields([{ name: 'password', errors: [error.message || ACCOUNT_TEXT.unbindFailed] }]),
    });
  };

  let body;
  if (binding.isPending || siteConfig.isPending) {
    body = <Skeleton active paragraph={{ rows: 1 }} />;
  } else if (binding.isError) {
    body = <Alert type="error" showIcon title={ACCOUNT_TEXT.loadFailed} />;
  } else if (binding.data.bound) {
    body = (
      <Space orientation="vertical" size={12} className={styles.bound}>
        <Space wrap>
          <WechatOutlined className={styles.wechat} aria-hidden />
          <Typography.Text strong>{ACCOUNT_TEXT.boundAs(binding.data.nickname)}</Typography.Text>
          <Typography.Text type="secondary">{ACCOUNT_TEXT.boundAt(formatDate(binding.data.boundAt))}</Typography.Text>
        </Space>
        {binding.data.hasPassword ? (
          <Button danger onClick={() => setUnbinding(true)}>
            {ACCOUNT_TEXT.unbind}
          </Button>
        ) : (
          <Typography.Text type="secondary">{ACCOUNT_TEXT.unbindNeedsPassword}</Typography.Text>
        )}
      </Space>
    );
  } else {
    body = (
      <Space orientation="vertical" size={12}>
        <Typography.Text>{ACCOUNT_TEXT.notBound}</Typography.Text>
        {callbackUrl ? (
          <Button
            type="primary"
            icon={<WechatOutlined aria-hidden />}
            loading={startBinding.isPending}
            onClick={onBind}
          >
            {ACCOUNT_TEXT.bind}
          </Button>
        ) : (
          <Typography.Text type="secondary">{ACCOUNT_TEXT.wechatOff}</Typography.Text>
        )}
      </Space>
    );
  }

  return (
    <Card title={ACCOUNT_TEXT.wechatTitle}>
      <Typography.Paragraph type="secondary">{ACCOUNT_TEXT.wechatIntro}</Typography.Paragraph>
      {body}
      <Modal
        open={unbinding}
        title={ACCOUNT_TEXT.unbindTitle}
        okText={ACCOUNT_TEXT.unbindConfirm}
        cancelText={ACCOUNT_TEXT.cancel}
        okButtonProps={{ danger: true, loading: unbind.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setUnbinding(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{ACCOUNT_TEXT.unbindIntro}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={onUnbind} preserve={false}>
          <Form.Item
            name="password"
            label={ACCOUNT_TEXT.passwordLabel}
            rules={[{ required: true, message: ACCOUNT_TEXT.passwordRequired }]}
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
