import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

interface Props {
  children: ReactNode;
  /** The error page stays until this changes (the reader moves to another address). */
  resetKey: unknown;
}

/** A page that throws (its code failed to download, most often) is replaced by the error page. */
export class RouteErrorBoundary extends Component<Props, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.hasFailed && previous.resetKey !== this.props.resetKey)
      this.setState({ hasFailed: false });
  }

  override render(): ReactNode {
    return this.state.hasFailed ? <RouteError /> : this.props.children;
  }
}
