import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '../icons';
import { placeTooltip, TOOLTIP_HIDE_DELAY_MS, TOOLTIP_MAX_WIDTH_PX } from './placeTooltip';
import './InfoTip.css';

/** Where an open tip is placed: none of these has a transform, so the tip's fixed position is the viewport's. */
const TIP_CONTAINERS = 'main, [role="dialog"]';

interface InfoTipProps {
  children: ReactNode;
}

/** A small 'i' button that shows its text on hover or focus and closes with Escape. */
export function InfoTip({ children }: InfoTipProps) {
  const { t } = useTranslation();
  const tipId = useId();
  const anchorRef = useRef<HTMLButtonElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ left: number; top: number; side: 'above' | 'below' } | null>(null);
  const [container, setContainer] = useState<HTMLElement>(document.body);

  const cancelHide = () => window.clearTimeout(hideTimer.current);
  const show = () => {
    cancelHide();
    // inside the button's landmark or dialog, so the tip is part of the region it explains
    setContainer(anchorRef.current?.closest<HTMLElement>(TIP_CONTAINERS) ?? document.body);
    setOpen(true);
  };
  const hideSoon = () => {
    cancelHide();
    hideTimer.current = window.setTimeout(() => setOpen(false), TOOLTIP_HIDE_DELAY_MS);
  };
  const hideNow = () => {
    cancelHide();
    setOpen(false);
  };

  useEffect(() => cancelHide, []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        cancelHide();
        setOpen(false);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    const tip = tipRef.current;
    if (!open || !anchor || !tip) {
      setPosition(null);
      return;
    }
    const box = anchor.getBoundingClientRect();
    const place = placeTooltip(box, tip.getBoundingClientRect(), { width: window.innerWidth, height: window.innerHeight });
    setPosition({ ...place, side: place.top >= box.bottom ? 'below' : 'above' });
  }, [open]);

  return (
    <>
      <button
        ref={anchorRef}
        type="button"
        className="info-tip__button"
        aria-label={t('infoTip.label')}
        aria-describedby={open ? tipId : undefined}
        onMouseEnter={show}
        onMouseLeave={hideSoon}
        onFocus={show}
        onBlur={hideNow}
      >
        <InfoIcon />
      </button>
      {open &&
        createPortal(
          <div
            ref={tipRef}
            id={tipId}
            role="tooltip"
            className="info-tip__bubble"
            // the side its bridge over the gap to the button is on, so the pointer can reach the tip (WCAG 1.4.13)
            data-side={position?.side}
            style={{
              maxWidth: TOOLTIP_MAX_WIDTH_PX,
              left: position?.left ?? 0,
              top: position?.top ?? 0,
              visibility: position ? 'visible' : 'hidden',
            }}
            onMouseEnter={cancelHide}
            onMouseLeave={hideSoon}
          >
            {children}
          </div>,
          container,
        )}
    </>
  );
}
