import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { appTheme } from './theme';

/** antd's theme, Chinese locale and message/modal holders, for the pages built with antd. */
export default function AntdProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={appTheme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
