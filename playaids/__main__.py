from playaids.cli import main

main()
