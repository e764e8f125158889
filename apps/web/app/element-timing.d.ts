// Element Timing (https://wicg.github.io/element-timing/): React passes the attribute through, its types lack it.
// The listing gallery's first photo carries `elementtiming="lcp-photo"` (decision 036).
import 'react'

declare module 'react' {
  interface ImgHTMLAttributes<T> {
    elementtiming?: string
  }
}
