import { StyleProvider } from '@ant-design/cssinjs';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { appTheme } from './theme';

/**
 * Unit tests run under jsdom, whose getComputedStyle walks every style rule in the document: with
 * antd's CSS-in-JS injected, each query of the page took seconds (the unit tests ran 5× slower).
 * There antd renders its styles as a server would, into its cache, not into the document. The
 * condition is a build-time constant, so the shipped bundle keeps only the normal branch.
 */
const RENDER_STYLES_INTO_CACHE = import.meta.env.MODE === 'test';

/** antd's theme, Chinese locale and message/modal holders, for the pages built with antd. */
export default function AntdProviders({ children }: { children: ReactNode }) {
  const providers = (
    <ConfigProvider locale={zhCN} theme={appTheme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
  return RENDER_STYLES_INTO_CACHE ? <StyleProvider mock="server">{providers}</StyleProvider> : providers;
}
