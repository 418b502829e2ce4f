import { RadarChart as Radar } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { Dimension } from '../model';
import styles from './RadarChart.module.css';

// Only what a radar needs, so the result page's chunk stays small and no other page loads ECharts.
echarts.use([Radar, TooltipComponent, CanvasRenderer]);

/** The site's colours as the stylesheet defines them (a canvas cannot read CSS variables). */
function themeColour(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** Spec 2.18: several dimensions as a radar; each indicator's maximum from the result (default 60). */
export function RadarChart({ dimensions, label }: { dimensions: readonly Dimension[]; label: string }) {
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const primary = themeColour('--xq-primary');
    const text = themeColour('--xq-text-secondary');
    const grid = themeColour('--xq-border-soft');
    const chart = echarts.init(node, undefined, { renderer: 'canvas' });
    chart.setOption({
      tooltip: { trigger: 'item', confine: true },
      radar: {
        indicator: dimensions.map((dimension) => ({ name: dimension.name, max: dimension.max })),
        radius: '66%',
        splitNumber: 4,
        axisName: { color: text, fontSize: 13 },
        splitLine: { lineStyle: { color: grid } },
        splitArea: { show: false },
        axisLine: { lineStyle: { color: grid } },
      },
      series: [
        {
          type: 'radar',
          name: label,
          symbolSize: 6,
          lineStyle: { color: primary, width: 2 },
          itemStyle: { color: primary },
          areaStyle: { color: primary, opacity: 0.18 },
          data: [{ value: dimensions.map((dimension) => dimension.value), name: label }],
        },
      ],
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [dimensions, label]);

  const summary = dimensions.map((dimension) => `${dimension.name} ${dimension.value}/${dimension.max}`).join('，');
  return (
    <div ref={element} className={styles.chart} role="img" aria-label={`${label}：${summary}`} data-chart="radar" />
  );
}
