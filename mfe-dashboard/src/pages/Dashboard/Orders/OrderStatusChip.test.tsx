import { screen } from '@testing-library/react';
import { orderStatuses, type OrderStatus } from '@portal/contracts';
import { colors, theme } from '@portal/ui';
import { contrastRatio } from '@portal/ui/contrast';
import { renderPage } from '@portal/web-testing';
import { OrderStatusChip } from './OrderStatusChip';

/** A chip as the theme renders it on a card: an outlined chip shows the card through. */
function renderedChip(status: OrderStatus) {
  renderPage(<OrderStatusChip status={status} />);
  const style = getComputedStyle(screen.getByText(status).closest('.MuiChip-root')!);
  const filled = !['', 'transparent', 'rgba(0, 0, 0, 0)'].includes(style.backgroundColor);
  const fill = filled ? style.backgroundColor : colors.surface;
  return {
    text: style.color,
    filled,
    border: style.borderStyle,
    /** Contrast of a colour with the chip's fill as it shows on the card. */
    contrastWithFill: (colour: string) => contrastRatio(colour, fill, colors.surface),
  };
}

/** How much a chip stands out from the card: the contrast of its fill with the card. */
const prominence = (chip: ReturnType<typeof renderedChip>) => chip.contrastWithFill(colors.surface);

describe('OrderStatusChip', () => {
  it.each(orderStatuses)(
    'the %s chip keeps AA contrast (4.5:1) between its text and its fill on a card',
    (status) => {
      const chip = renderedChip(status);
      expect(chip.contrastWithFill(chip.text)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('shows completed as the solid success badge, the most prominent status', () => {
    const completed = renderedChip('completed');
    expect(completed.filled).toBe(true);
    expect(completed.contrastWithFill(theme.palette.success.main)).toBeCloseTo(1);
    expect(prominence(completed)).toBeGreaterThan(prominence(renderedChip('pending')));
    expect(prominence(completed)).toBeGreaterThan(prominence(renderedChip('failed')));
  });

  it('shows failed as a problem: in the error colour, readable on the card, quieter than completed', () => {
    const failed = renderedChip('failed');
    expect(contrastRatio(failed.text, theme.palette.error.main)).toBeCloseTo(1);
    expect(contrastRatio(failed.text, colors.surface)).toBeGreaterThanOrEqual(4.5);
    expect(failed.filled).toBe(false);
  });

  it('shows processing as pending is shown: both are waiting for the bank', () => {
    const processing = renderedChip('processing');
    const pending = renderedChip('pending');
    expect(processing).toMatchObject({ filled: false, text: pending.text, border: pending.border });
  });

  it('shows canceled muted: outlined with a dashed edge, its text quieter than pending yet readable', () => {
    const canceled = renderedChip('canceled');
    const pending = renderedChip('pending');
    expect(canceled.filled).toBe(false);
    expect(canceled.border).toBe('dashed');
    expect(contrastRatio(canceled.text, theme.palette.text.secondary)).toBeCloseTo(1);
    expect(contrastRatio(canceled.text, colors.surface)).toBeLessThan(
      contrastRatio(pending.text, colors.surface),
    );
    expect(contrastRatio(canceled.text, colors.surface)).toBeGreaterThanOrEqual(4.5);
  });
});
