import type { ThemeConfig } from 'antd';

/** Rose #C2185B: white text on it reaches 5.9:1, above the 4.5:1 that WCAG AA asks for. */
export const PRIMARY_COLOR = '#C2185B';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    colorBgLayout: '#FFF8F6',
    // antd's default secondary grey (#8c8c8c) reaches only 3.4:1 on white; these reach 5.6:1 and more.
    colorTextSecondary: '#6B5A62',
    colorTextDescription: '#6B5A62',
    borderRadius: 10,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#FFFFFF', footerBg: '#2B1B22', headerPadding: '0 24px' },
  },
};
