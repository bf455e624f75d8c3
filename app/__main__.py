from app.program import main

main()
