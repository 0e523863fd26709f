from foxtui.cli import main

raise SystemExit(main())
