import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { fallback: (error: unknown, reset: () => void) => ReactNode; children: ReactNode };
type State = { error: unknown; failed: boolean };

/** React only offers error boundaries as class components. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled error in the app', error, info.componentStack);
  }

  reset = () => this.setState({ error: null, failed: false });

  render() {
    return this.state.failed ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
