import type { LinkProps } from 'react-router-dom';
import { Link } from 'react-router-dom';

import type { ButtonVariant } from './Button';
import { buttonClassName } from './Button';

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
}

/** Navigation that looks like a Button: still a link, so it opens in a new tab and reads as one. */
export function ButtonLink({ variant = 'primary', className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClassName(variant, className)} {...rest} />;
}
